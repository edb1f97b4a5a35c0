import { useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlertIcon, SearchIcon } from 'lucide-react';
import type { Group } from '@contracts/upstream/upstream';
import { LoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorLines } from '@/lib/api/api-client';
import { toast } from '@/lib/toast';
import { useAssignMembers } from '../api/assign-members';
import { useAppUsers } from '@/lib/app-users/app-users';
import { useMembers } from '../api/get-members';
import { filterUsers, orderUsers, searchTexts, type PickableUser } from '../member-search';
import { listboxKey } from '../listbox-key';
import { MemberOption } from './member-option';
import { MembersFooter } from './members-footer';

export interface MembersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: Group;
}

const ROW_HEIGHT = 52;

/**
 * Chooses the group's members among every app user: a search over thousands of users, a
 * virtualized list (only the visible rows exist), keyboard operable as a multi-select listbox.
 * Saving SETS the members through assign-users.
 */
export function MembersDialog({ open, onOpenChange, group }: MembersDialogProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const candidates = useAppUsers();
  const members = useMembers(group.id, open);
  const assign = useAssignMembers(group.id);
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const [search, setSearch] = useState('');
  const [onlySelected, setOnlySelected] = useState(false);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<string[] | null>(null);
  const query = useDeferredValue(search);
  // State, not a ref: the dialog's portal mounts the list after this component rendered, and
  // the virtual list measures nothing until it is handed the element (a reopened dialog whose
  // data is cached rendered no option).
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);

  // The selection starts as the current members, once they have arrived.
  const selected = useMemo(
    () => picked ?? new Set((members.data?.items ?? []).map((member) => member.id)),
    [picked, members.data],
  );
  // The members as the dialog opened come first, so the admin sees who is in the group.
  const ordered = useMemo(
    () =>
      orderUsers(
        candidates.data?.items ?? [],
        new Set((members.data?.items ?? []).map((m) => m.id)),
      ),
    [candidates.data, members.data],
  );
  const searching = query.trim() !== '';
  const texts = useMemo(() => (searching ? searchTexts(ordered) : null), [searching, ordered]);
  const visible = useMemo(
    () => filterUsers(ordered, texts, query, onlySelected ? selected : null),
    [ordered, texts, query, onlySelected, selected],
  );
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => listElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const loading = candidates.isPending || members.isPending;
  const loadError = candidates.error ?? members.error;
  const activeIndex = Math.min(active, Math.max(0, visible.length - 1));
  const activeMember = visible[activeIndex];
  const optionId = (user: PickableUser) => `${id}-user-${user.id}`;

  const toggle = (memberId: number) => {
    const next = new Set(selected);
    if (next.has(memberId)) next.delete(memberId);
    else next.add(memberId);
    setPicked(next);
  };
  const moveTo = (at: number) => {
    const next = Math.max(0, Math.min(visible.length - 1, at));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = listboxKey(event.key, activeIndex, visible.length);
    if (action === undefined) return;
    event.preventDefault();
    if (action === 'toggle') {
      if (activeMember) toggle(activeMember.id);
    } else moveTo(action);
  };

  const close = (next: boolean) => {
    if (assign.isPending) return;
    onOpenChange(next);
  };
  const save = async () => {
    setFailure(null);
    try {
      await assign.mutateAsync([...selected].sort((a, b) => a - b));
    } catch (error) {
      setFailure(errorLines(error, t));
      return;
    }
    toast.success(t('MESSAGES.UPDATED_SUCCESSFULLY'));
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        className="max-w-xl"
        aria-busy={assign.isPending || loading}
        loading={loading}
        data-testid="members-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('MEMBERS_TITLE', { name: group.name })}</DialogTitle>
          <DialogDescription>{t('MEMBERS_DESCRIPTION')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="relative">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setActive(0);
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  listElement?.focus();
                }
              }}
              placeholder={t('SEARCH_USERS')}
              aria-label={t('SEARCH_USERS')}
              aria-controls={`${id}-list`}
              className="pl-9"
              disabled={loading}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <div className="flex items-center gap-2">
              <Switch
                id={`${id}-only`}
                checked={onlySelected}
                onCheckedChange={(checked) => {
                  setOnlySelected(checked);
                  setActive(0);
                }}
                disabled={loading}
              />
              <Label htmlFor={`${id}-only`} className="font-normal">
                {t('ONLY_SELECTED')}
              </Label>
            </div>
            <p
              className="text-muted-foreground tabular-nums"
              aria-live="polite"
              data-testid="selected-count"
            >
              {t('SELECTED_COUNT', { value: selected.size })}
            </p>
          </div>
          {loadError ? (
            <LoadFailed
              title={t('USERS_LOAD_FAILED')}
              lines={errorLines(loadError, t)}
              onRetry={() => {
                void candidates.refetch();
                void members.refetch();
              }}
            />
          ) : (
            <div
              ref={setListElement}
              id={`${id}-list`}
              role="listbox"
              aria-multiselectable="true"
              aria-label={t('USERS')}
              aria-busy={loading}
              aria-activedescendant={activeMember ? optionId(activeMember) : undefined}
              tabIndex={0}
              onKeyDown={onListKey}
              className="h-[min(22rem,50dvh)] overflow-y-auto overscroll-contain rounded-lg border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
              data-testid="member-options"
            >
              {loading ? (
                <p className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground">
                  <Spinner />
                  {t('TABLE.PLEASE_WAIT')}
                </p>
              ) : visible.length === 0 ? (
                <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
                  {t('TABLE.NO_RECORDS')}
                </p>
              ) : (
                <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
                  {virtualizer.getVirtualItems().map((item) => {
                    const member = visible[item.index];
                    if (!member) return null;
                    return (
                      <MemberOption
                        key={member.id}
                        id={optionId(member)}
                        member={member}
                        checked={selected.has(member.id)}
                        active={item.index === activeIndex}
                        top={item.start}
                        height={ROW_HEIGHT}
                        onToggle={() => {
                          setActive(item.index);
                          toggle(member.id);
                        }}
                      />
                    );
                  })}
                </div>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="tabular-nums">
              {t('SHOWING_USERS', { shown: visible.length, total: ordered.length })}
            </span>
            <div className="flex gap-1">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={loading || visible.length === 0}
                onClick={() => {
                  const next = new Set(selected);
                  for (const user of visible) next.add(user.id);
                  setPicked(next);
                }}
              >
                {t('SELECT_SHOWN')}
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={loading || selected.size === 0}
                onClick={() => setPicked(new Set())}
              >
                {t('CLEAR_SELECTION')}
              </Button>
            </div>
          </div>
          {failure ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>
                {failure.map((line, at) => (
                  <p key={at}>{line}</p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
        </div>
        <MembersFooter
          picked={selected.size}
          saving={assign.isPending}
          unready={loading || Boolean(loadError)}
          onSave={() => void save()}
        />
      </DialogContent>
    </Dialog>
  );
}
