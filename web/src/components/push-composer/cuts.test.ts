import { describe, expect, it } from 'vitest';
import { cutText, previewOf } from './cuts';

describe('cutText', () => {
  it('keeps a text that fits, trimmed', () => {
    expect(cutText('  Price drop at Main St  ', 50)).toEqual({
      shown: 'Price drop at Main St',
      cut: false,
    });
    expect(cutText('x'.repeat(50), 50)).toEqual({ shown: 'x'.repeat(50), cut: false });
  });

  it('ends a longer text in an ellipsis within the limit', () => {
    const { shown, cut } = cutText('x'.repeat(51), 50);
    expect(cut).toBe(true);
    expect(shown).toBe(`${'x'.repeat(49)}…`);
    expect(Array.from(shown)).toHaveLength(50);
  });

  it('goes back to the start of a word cut in two', () => {
    expect(cutText('Diesel is cheaper today at every station', 30)).toEqual({
      shown: 'Diesel is cheaper today at…',
      cut: true,
    });
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = `${'⛽'.repeat(60)}`;
    const { shown } = cutText(text, 50);
    expect(Array.from(shown)).toEqual([...Array.from('⛽'.repeat(49)), '…']);
  });
});

describe('previewOf', () => {
  it('cuts where each platform cuts', () => {
    const title = 't'.repeat(60);
    const body = 'b'.repeat(200);
    expect(previewOf('android', title, body).title.cut).toBe(false);
    expect(previewOf('iphone', title, body).title.cut).toBe(true);
    expect(previewOf('android', title, body).body.cut).toBe(false);
    expect(previewOf('iphone', title, body).body.cut).toBe(true);
    expect(previewOf('desktop', title, body).body.shown).toHaveLength(120);
  });
});
