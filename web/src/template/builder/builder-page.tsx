import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcwIcon, SparklesIcon } from 'lucide-react';
import { usePageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  DEFAULT_LAYOUT_CONFIG,
  DEMO_VARIANTS,
  readLayoutConfig,
  resetLayoutConfig,
  saveLayoutConfig,
  type DemoVariant,
  type LayoutConfig,
} from '@/lib/layout-config';
import { useServices } from '@/lib/services';
import { BUILDER_TABS, readActiveTab, saveActiveTab, type BuilderTab } from './active-tab';
import { ConfigJson, type WriteText } from './components/config-json';
import { ChoiceOption, SelectOption, SwitchOption } from './components/options';

const NS = 'builder';

/** "demo2" → "Demo 2": a name, the same in every language. */
const variantName = (variant: DemoVariant) => `Demo ${variant.slice('demo'.length)}`;
const WITH_WIDGETS: readonly DemoVariant[] = ['demo2', 'demo3'];

const same = (a: LayoutConfig, b: LayoutConfig) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The layout builder: the options of the layout config in five tabs; Preview
 * stores them and reloads, Reset goes back to the defaults; the config it would store, as JSON.
 */
export function BuilderPage({ writeText }: { writeText?: WriteText }) {
  const { t } = useTranslation(NS);
  const { storage, reload } = useServices();
  usePageMeta({ title: t('PAGES.BUILDER') });
  const applied = useMemo(() => readLayoutConfig(storage), [storage]);
  const [draft, setDraft] = useState<LayoutConfig>(applied);
  const [tab, setTab] = useState(() => readActiveTab(storage));
  const [leaving, setLeaving] = useState<'preview' | 'reset' | null>(null);
  const set = <K extends keyof LayoutConfig>(key: K, value: LayoutConfig[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const changed = !same(draft, applied);
  const json = JSON.stringify(draft, null, 2);

  const panels: Record<BuilderTab, ReactNode> = {
    HEADER: (
      <>
        <ChoiceOption
          name="headerMenuLayout"
          label={t('HEADER.MENU_LAYOUT')}
          hint={t('HEADER.MENU_LAYOUT_HINT')}
          value={draft.headerMenuLayout}
          onChange={(value) => set('headerMenuLayout', value)}
          choices={[
            {
              value: 'default',
              label: t('HEADER.MENU_DEFAULT'),
              hint: t('HEADER.MENU_DEFAULT_HINT'),
            },
            { value: 'tab', label: t('HEADER.MENU_TAB'), hint: t('HEADER.MENU_TAB_HINT') },
          ]}
        />
        <SwitchOption
          label={t('HEADER.FIXED')}
          hint={t('HEADER.FIXED_HINT')}
          checked={draft.headerFixed}
          onChange={(value) => set('headerFixed', value)}
        />
      </>
    ),
    SUBHEADER: (
      <ChoiceOption
        name="subheaderStyle"
        label={t('SUBHEADER.STYLE')}
        hint={t('SUBHEADER.STYLE_HINT')}
        value={draft.subheaderStyle}
        onChange={(value) => set('subheaderStyle', value)}
        choices={[
          { value: 'solid', label: t('SUBHEADER.SOLID'), hint: t('SUBHEADER.SOLID_HINT') },
          {
            value: 'transparent',
            label: t('SUBHEADER.TRANSPARENT'),
            hint: t('SUBHEADER.TRANSPARENT_HINT'),
          },
        ]}
      />
    ),
    CONTENT: (
      <>
        <ChoiceOption
          name="width"
          label={t('CONTENT.WIDTH')}
          hint={t('CONTENT.WIDTH_HINT')}
          value={draft.width}
          onChange={(value) => set('width', value)}
          choices={[
            { value: 'fluid', label: t('CONTENT.FLUID'), hint: t('CONTENT.FLUID_HINT') },
            { value: 'fixed', label: t('CONTENT.FIXED'), hint: t('CONTENT.FIXED_HINT') },
          ]}
        />
        <SelectOption
          label={t('CONTENT.DEMO')}
          hint={t('CONTENT.DEMO_HINT', {
            first: variantName('demo2'),
            second: variantName('demo3'),
          })}
          value={draft.demo}
          onChange={(value) => set('demo', value)}
          choices={DEMO_VARIANTS.map((variant) => ({
            value: variant,
            label: t(
              WITH_WIDGETS.includes(variant) ? 'CONTENT.DEMO_WITH_WIDGETS' : 'CONTENT.DEMO_EMPTY',
              {
                variant: variantName(variant),
              },
            ),
          }))}
        />
      </>
    ),
    ASIDE: (
      <SwitchOption
        label={t('ASIDE.MINIMIZED')}
        hint={t('ASIDE.MINIMIZED_HINT')}
        checked={draft.asideMinimized}
        onChange={(value) => set('asideMinimized', value)}
      />
    ),
    FOOTER: (
      <SwitchOption
        label={t('FOOTER.FIXED')}
        hint={t('FOOTER.FIXED_HINT')}
        checked={draft.footerFixed}
        onChange={(value) => set('footerFixed', value)}
      />
    ),
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <Card data-testid="builder-options">
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">{t('OPTIONS')}</h2>
          <p className="text-[13px] text-muted-foreground">{t('INTRO')}</p>
        </CardHeader>
        <Tabs
          value={String(tab)}
          onValueChange={(value) => {
            const index = Number(value);
            setTab(index);
            saveActiveTab(storage, index);
          }}
          className="flex flex-col gap-5"
        >
          <div className="px-5">
            {/* Three to a row on a phone, so no tab hides past the edge. */}
            <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-9 sm:w-fit">
              {BUILDER_TABS.map((key, index) => (
                <TabsTrigger
                  key={key}
                  value={String(index)}
                  className="h-8 px-2.5 sm:h-full sm:px-3.5"
                >
                  {t(`TABS.${key}`)}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {BUILDER_TABS.map((key, index) => (
            <TabsContent key={key} value={String(index)}>
              <CardContent>{panels[key]}</CardContent>
            </TabsContent>
          ))}
        </Tabs>
        <CardFooter className="flex-col items-stretch gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p
            className="text-[13px] text-muted-foreground"
            role="status"
            data-testid="builder-state"
          >
            {leaving
              ? t('ACTIONS.RELOADING')
              : changed
                ? t('ACTIONS.UNSAVED')
                : t('ACTIONS.APPLIED')}
          </p>
          <div className="flex gap-2 max-sm:[&>*]:flex-1">
            <Button
              variant="outline"
              disabled={
                leaving !== null ||
                (same(applied, DEFAULT_LAYOUT_CONFIG) && same(draft, DEFAULT_LAYOUT_CONFIG))
              }
              aria-busy={leaving === 'reset'}
              onClick={() => {
                setLeaving('reset');
                resetLayoutConfig(storage, reload);
              }}
            >
              {leaving === 'reset' ? <Spinner /> : <RotateCcwIcon aria-hidden="true" />}
              {t('ACTIONS.RESET')}
            </Button>
            <Button
              disabled={leaving !== null}
              aria-busy={leaving === 'preview'}
              onClick={() => {
                setLeaving('preview');
                saveLayoutConfig(storage, draft, reload);
              }}
            >
              {leaving === 'preview' ? <Spinner /> : <SparklesIcon aria-hidden="true" />}
              {t('ACTIONS.PREVIEW')}
            </Button>
          </div>
        </CardFooter>
      </Card>
      <ConfigJson json={json} write={writeText} />
    </div>
  );
}
