/**
 * Performance marks the benchmark suite reads (`npm run bench`, bench/README.md). A mark named
 * `<name>:painted` is set once the browser has painted what the current render committed:
 * after the next animation frame, then a task (the frame's paint happens between the two).
 */
export function mark(name: string): void {
  performance.mark(name);
}

export function markPainted(name: string): void {
  requestAnimationFrame(() => {
    setTimeout(() => performance.mark(`${name}:painted`), 0);
  });
}
