import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useServices } from '@/lib/services';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme } = useServices();
  const mode = useSyncExternalStore(theme.subscribe, theme.get, theme.get);
  const dark = mode === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => theme.set(dark ? 'light' : 'dark')}
      aria-label={dark ? t('HEADER.LIGHT_MODE') : t('HEADER.DARK_MODE')}
      title={dark ? t('HEADER.LIGHT_MODE') : t('HEADER.DARK_MODE')}
      data-testid="theme-toggle"
      className="text-muted-foreground hover:text-foreground"
    >
      {dark ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
    </Button>
  );
}
