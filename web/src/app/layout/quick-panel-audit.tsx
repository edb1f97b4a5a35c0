import { LatestEntries } from '@/features/audit-log/components/latest-entries';

/**
 * The quick panel's live audit tab, in its own chunk: the signed-in shell loads it when the
 * panel opens, not with the first screen.
 */
export default function QuickPanelAudit({ onViewAll }: { onViewAll: () => void }) {
  return <LatestEntries onViewAll={onViewAll} />;
}
