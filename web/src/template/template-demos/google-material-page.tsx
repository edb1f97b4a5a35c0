import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, PlusIcon, SendIcon } from 'lucide-react';
import { usePageMeta } from '@/components/page-meta';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Field,
  FormControl,
  FormDescription,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { GalleryIntro, GallerySection, NS, Specimen } from './components/gallery';

function Buttons() {
  const { t } = useTranslation(NS);
  return (
    <GallerySection id="buttons" title={t('BUTTONS.TITLE')} hint={t('BUTTONS.HINT')}>
      <Specimen label={t('BUTTONS.VARIANTS')}>
        <Button>{t('BUTTONS.PRIMARY')}</Button>
        <Button variant="secondary">{t('BUTTONS.SECONDARY')}</Button>
        <Button variant="outline">{t('BUTTONS.OUTLINE')}</Button>
        <Button variant="ghost">{t('BUTTONS.GHOST')}</Button>
        <Button variant="destructive">{t('BUTTONS.DESTRUCTIVE')}</Button>
        <Button variant="link">{t('BUTTONS.LINK')}</Button>
      </Specimen>
      <Specimen label={t('BUTTONS.SIZES')}>
        <Button size="sm">{t('BUTTONS.SMALL')}</Button>
        <Button>{t('BUTTONS.MEDIUM')}</Button>
        <Button size="lg">{t('BUTTONS.LARGE')}</Button>
        <Button size="icon" variant="outline" aria-label={t('BUTTONS.ICON')}>
          <PlusIcon aria-hidden="true" />
        </Button>
      </Specimen>
      <Specimen label={t('BUTTONS.STATES')}>
        <Button variant="outline">
          <SendIcon aria-hidden="true" />
          {t('BUTTONS.WITH_ICON')}
        </Button>
        <Button disabled aria-busy="true">
          <Spinner />
          {t('BUTTONS.BUSY')}
        </Button>
        <Button disabled>{t('BUTTONS.DISABLED')}</Button>
      </Specimen>
    </GallerySection>
  );
}

function Fields() {
  const { t } = useTranslation(NS);
  const id = useId();
  return (
    <GallerySection id="fields" title={t('FIELDS.TITLE')} hint={t('FIELDS.HINT')}>
      <div className="grid gap-5 @2xl:grid-cols-2">
        <Field>
          <FormItem>
            <FormLabel>{t('FIELDS.NAME')}</FormLabel>
            <FormControl>
              <Input placeholder={t('FIELDS.NAME_PLACEHOLDER')} />
            </FormControl>
            <FormDescription className="text-[13px]">{t('FIELDS.NAME_HINT')}</FormDescription>
          </FormItem>
        </Field>
        <Field error={t('FIELDS.EMAIL_ERROR')}>
          <FormItem>
            <FormLabel>{t('FIELDS.EMAIL')}</FormLabel>
            <FormControl>
              <Input type="email" defaultValue="harbor-road@" />
            </FormControl>
            <FormMessage />
          </FormItem>
        </Field>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>{t('FIELDS.NOTES')}</Label>
          <Textarea id={`${id}-notes`} placeholder={t('FIELDS.NOTES_PLACEHOLDER')} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-fuel`}>{t('FIELDS.FUEL')}</Label>
          <NativeSelect id={`${id}-fuel`} defaultValue="premium" className="w-full [&_select]:h-10">
            <option value="regular">{t('FIELDS.REGULAR')}</option>
            <option value="premium">{t('FIELDS.PREMIUM')}</option>
            <option value="diesel">{t('FIELDS.DIESEL')}</option>
          </NativeSelect>
        </div>
      </div>
    </GallerySection>
  );
}

function SelectionControls() {
  const { t } = useTranslation(NS);
  const id = useId();
  const [weekends, setWeekends] = useState(true);
  const [carWash, setCarWash] = useState(false);
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  const boxes = [
    { key: 'CHECKED' as const, checked: weekends, set: setWeekends },
    { key: 'UNCHECKED' as const, checked: carWash, set: setCarWash },
  ];
  return (
    <GallerySection id="selection" title={t('SELECTION.TITLE')} hint={t('SELECTION.HINT')}>
      <div className="grid gap-5 @2xl:grid-cols-2">
        <ul className="grid gap-3">
          {boxes.map(({ key, checked, set }) => (
            <li key={key} className="flex items-center gap-2.5">
              <Checkbox
                id={`${id}-${key}`}
                checked={checked}
                onCheckedChange={(value) => set(value === true)}
              />
              <Label htmlFor={`${id}-${key}`} className="font-normal">
                {t(`SELECTION.${key}`)}
              </Label>
            </li>
          ))}
          <li className="flex items-center gap-2.5">
            <Checkbox id={`${id}-mixed`} checked="indeterminate" disabled />
            <Label htmlFor={`${id}-mixed`} className="font-normal">
              {t('SELECTION.MIXED')}
            </Label>
          </li>
        </ul>
        <ul className="grid gap-3">
          <li className="flex items-center gap-2.5">
            <Switch id={`${id}-email`} checked={email} onCheckedChange={setEmail} />
            <Label htmlFor={`${id}-email`} className="font-normal">
              {t('SELECTION.SWITCH_ON')}
            </Label>
          </li>
          <li className="flex items-center gap-2.5">
            <Switch id={`${id}-sms`} checked={sms} onCheckedChange={setSms} />
            <Label htmlFor={`${id}-sms`} className="font-normal">
              {t('SELECTION.SWITCH_OFF')}
            </Label>
          </li>
          <li className="flex items-center gap-2.5">
            <Switch id={`${id}-beta`} disabled />
            <Label htmlFor={`${id}-beta`} className="font-normal">
              {t('SELECTION.SWITCH_DISABLED')}
            </Label>
          </li>
        </ul>
      </div>
    </GallerySection>
  );
}

function TabsExample() {
  const { t } = useTranslation(NS);
  const tabs = ['OVERVIEW', 'PRICES', 'HISTORY'] as const;
  return (
    <GallerySection id="tabs" title={t('TABS.TITLE')} hint={t('TABS.HINT')}>
      <Tabs defaultValue="OVERVIEW" className="gap-3">
        <TabsList>
          {tabs.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="px-3">
              {t(`TABS.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab} value={tab} className="rounded-lg border p-4 text-sm">
            {t(`TABS.${tab}_TEXT`)}
          </TabsContent>
        ))}
      </Tabs>
    </GallerySection>
  );
}

const BADGES = [
  ['default', 'BADGE_DEFAULT'],
  ['secondary', 'BADGE_SECONDARY'],
  ['outline', 'BADGE_OUTLINE'],
  ['success', 'BADGE_SUCCESS'],
  ['warning', 'BADGE_WARNING'],
  ['destructive', 'BADGE_DESTRUCTIVE'],
] as const;

function Feedback() {
  const { t } = useTranslation(NS);
  return (
    <GallerySection id="feedback" title={t('FEEDBACK.TITLE')} hint={t('FEEDBACK.HINT')}>
      <div className="grid gap-3 @3xl:grid-cols-3">
        {/* Static examples: status, not alert, so screen readers do not announce them on load. */}
        <Alert role="status">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{t('FEEDBACK.INFO_TITLE')}</AlertTitle>
          <AlertDescription>{t('FEEDBACK.INFO_TEXT')}</AlertDescription>
        </Alert>
        <Alert role="status" variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <AlertTitle>{t('FEEDBACK.SUCCESS_TITLE')}</AlertTitle>
          <AlertDescription>{t('FEEDBACK.SUCCESS_TEXT')}</AlertDescription>
        </Alert>
        <Alert role="status" variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{t('FEEDBACK.ERROR_TITLE')}</AlertTitle>
          <AlertDescription>{t('FEEDBACK.ERROR_TEXT')}</AlertDescription>
        </Alert>
      </div>
      <Specimen label={t('FEEDBACK.BADGES')}>
        {BADGES.map(([variant, key]) => (
          <Badge key={key} variant={variant}>
            {t(`FEEDBACK.${key}`)}
          </Badge>
        ))}
      </Specimen>
      <Specimen label={t('FEEDBACK.LOADING')}>
        <Spinner className="size-5 text-primary" />
        <div className="flex w-64 items-center gap-3" aria-hidden="true">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3.5 w-3/5" />
          </div>
        </div>
      </Specimen>
      <Specimen label={t('FEEDBACK.TOASTS')}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => toast.success(t('FEEDBACK.TOAST_SUCCESS_TEXT'))}
        >
          {t('FEEDBACK.TOAST_SUCCESS')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => toast.error(t('FEEDBACK.TOAST_ERROR_TEXT'))}
        >
          {t('FEEDBACK.TOAST_ERROR')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => toast.info(t('FEEDBACK.TOAST_INFO_TEXT'))}
        >
          {t('FEEDBACK.TOAST_INFO')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => toast.warning(t('FEEDBACK.TOAST_WARNING_TEXT'))}
        >
          {t('FEEDBACK.TOAST_WARNING')}
        </Button>
      </Specimen>
    </GallerySection>
  );
}

/** /google-material: a gallery of the app's own controls (a template route). */
export function GoogleMaterialPage() {
  const { t } = useTranslation(NS);
  usePageMeta({ title: t('PAGES.GOOGLE_MATERIAL') });
  return (
    <div className="@container grid gap-5" data-testid="gallery-material">
      <GalleryIntro text={t('INTRO_MATERIAL')} />
      <Buttons />
      <Fields />
      <div className="grid gap-5 @4xl:grid-cols-2">
        <SelectionControls />
        <TabsExample />
      </div>
      <Feedback />
    </div>
  );
}
