import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export const NS = 'template-demos';

/** The page's introduction and the note that nothing here changes data. */
export function GalleryIntro({ text }: { text: string }) {
  const { t } = useTranslation(NS);
  return (
    <div className="space-y-2">
      <p className="max-w-3xl text-sm text-muted-foreground">{text}</p>
      <p className="flex items-center gap-2 text-[13px] text-muted-foreground">
        <InfoIcon aria-hidden="true" className="size-4 shrink-0" />
        {t('SAMPLE_NOTE')}
      </p>
    </div>
  );
}

/** One family of components: a titled card (h2). */
export function GallerySection({
  id,
  title,
  hint,
  children,
  className,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('gap-4', className)}
      data-testid={`gallery-${id}`}
    >
      <CardHeader>
        <h2 id={headingId} className="text-base leading-tight font-semibold">
          {title}
        </h2>
        <CardDescription className="text-[13px]">{hint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

/** A labelled row of examples inside a section. */
export function Specimen({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2.5">
      <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</h3>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
    </div>
  );
}
