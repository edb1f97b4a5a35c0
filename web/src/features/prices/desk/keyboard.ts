export interface Cell {
  row: number;
  col: number;
}

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  /** The caret of the input: where it is, and whether text is selected. */
  caret: { start: number; end: number; length: number };
}

/**
 * Where a key moves the focus in a grid of `rows` x `cols`, or null when the key is the input's
 * own. As in a spreadsheet cell being typed into: Up and Down always move; Left and Right move
 * once the caret is at that end of the text (or the whole text is selected, as on arrival), so
 * they still edit within a value; Enter moves down (Shift+Enter up); Tab and Shift+Tab go along
 * the row and wrap to the next or previous row, leaving the grid past its first or last cell.
 */
export function moveFor(input: KeyInput, at: Cell, rows: number, cols: number): Cell | null {
  const { start, end, length } = input.caret;
  const whole = start === 0 && end === length;
  const inside = (cell: Cell) =>
    cell.row >= 0 && cell.row < rows && cell.col >= 0 && cell.col < cols ? cell : null;
  switch (input.key) {
    case 'ArrowUp':
      return inside({ row: at.row - 1, col: at.col });
    case 'ArrowDown':
      return inside({ row: at.row + 1, col: at.col });
    case 'ArrowLeft':
      return whole || (start === 0 && end === 0) ? inside({ row: at.row, col: at.col - 1 }) : null;
    case 'ArrowRight':
      return whole || (start === length && end === length)
        ? inside({ row: at.row, col: at.col + 1 })
        : null;
    case 'Enter':
      return inside({ row: at.row + (input.shiftKey ? -1 : 1), col: at.col });
    case 'Tab': {
      const index = at.row * cols + at.col + (input.shiftKey ? -1 : 1);
      return index < 0 || index >= rows * cols
        ? null
        : { row: Math.floor(index / cols), col: index % cols };
    }
    default:
      return null;
  }
}
