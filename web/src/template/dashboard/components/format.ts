import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface Formatters {
  number(value: number): string;
  /** Whole dollars. */
  money(value: number): string;
  /** Large amounts shortened the way the language does ($8M, 800万ドル…). */
  compactMoney(value: number): string;
  /** A signed change: +12.5%, −27%. */
  change(ratio: number): string;
  percent(value: number): string;
  /** Short month names, January first. */
  months: readonly string[];
}

/** Numbers, amounts and month names in the page's language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const money = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const compact = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    const change = new Intl.NumberFormat(language, {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: 1,
    });
    const percent = new Intl.NumberFormat(language, { style: 'percent' });
    const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    return {
      number: (value) => number.format(value),
      money: (value) => money.format(value),
      compactMoney: (value) => compact.format(value),
      change: (ratio) => change.format(ratio),
      percent: (value) => percent.format(value / 100),
      months: Array.from({ length: 12 }, (_, at) => month.format(Date.UTC(2025, at, 15))),
    };
  }, [language]);
}
