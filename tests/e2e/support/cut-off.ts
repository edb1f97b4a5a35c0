import type { Page } from 'playwright-core';

/**
 * What is cut off at the right (a few, described): past the screen's edge, past the edge of a
 * box that clips or scrolls it sideways, or past its table cell into the next column, a box or
 * its text (only data cells: a header's sort button reaches a little past its cell's edge on
 * purpose).
 * Decoration (aria-hidden) may be clipped on purpose; the page itself must still not scroll
 * sideways.
 */
export function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page scrolls sideways to ${document.documentElement.scrollWidth}px`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('[aria-hidden="true"]')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let edge = width;
      const cell = element.parentElement?.closest('td');
      if (cell) edge = Math.min(edge, cell.getBoundingClientRect().right);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          edge = Math.min(edge, parent.getBoundingClientRect().right);
        }
      }
      if (box.right <= edge + 0.5) continue;
      const text = (element.textContent ?? '').trim().slice(0, 30);
      found.push(
        `${element.tagName.toLowerCase()} "${text}" ends at ${Math.round(box.right)}px, past ${Math.round(edge)}px`,
      );
      if (found.length === 5) break;
    }
    // Text past its data cell: a long word that neither wraps nor is cut on purpose (clipped by
    // a box of the cell with an ellipsis, or visually hidden) runs over the next column.
    for (const cell of document.querySelectorAll('td')) {
      if (found.length >= 5 || cell.closest('[aria-hidden="true"]')) continue;
      const edge = cell.getBoundingClientRect().right;
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        let clipped = false;
        for (let box = node.parentElement; box && box !== cell; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== 'visible') clipped = true;
        }
        if (clipped) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const right = range.getBoundingClientRect().right;
        if (right <= edge + 0.5) continue;
        const text = (node.textContent ?? '').trim().slice(0, 30);
        found.push(
          `text "${text}" ends at ${Math.round(right)}px, past its cell at ${Math.round(edge)}px`,
        );
        break;
      }
    }
    return found.slice(0, 5);
  });
}
