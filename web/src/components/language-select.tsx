import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagesIcon } from 'lucide-react';
import { NativeSelect } from '@/components/ui/native-select';
import { isLanguage, LANGUAGES, saveLanguage } from '@/lib/i18n';
import { useServices } from '@/lib/services';
import { cn } from '@/lib/utils';

/** A light language picker (the sign-in pages avoid the menu library). Reloads on change. */
export function LanguageSelect({
  className,
  tone = 'default',
}: {
  className?: string;
  /** `inverted` sits on a dark surface. */
  tone?: 'default' | 'inverted';
}) {
  const { t, i18n } = useTranslation();
  const { storage, reload } = useServices();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label
        htmlFor={id}
        className={tone === 'inverted' ? 'text-white/70' : 'text-muted-foreground'}
      >
        <LanguagesIcon aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('HEADER.LANGUAGE')}</span>
      </label>
      <NativeSelect
        id={id}
        className={
          tone === 'inverted'
            ? '[&_option]:text-foreground [&_select]:border-white/20 [&_select]:bg-white/10 [&_select]:text-white [&_svg]:text-white/70'
            : undefined
        }
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) saveLanguage(storage, language, reload);
        }}
        data-testid="language-select"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
