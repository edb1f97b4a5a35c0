import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group } from '@contracts/upstream/upstream';
import { useServices } from '@/lib/services';
import { notifyGroup } from '../notify-group';
import {
  readMemberMirror,
  requireConnection,
  scheduleGroupAlert,
  writeGroupAlert,
} from './group-alert';
import { membersQueryOptions } from './get-members';

export interface NotifyMembersInput {
  group: Group;
  title: string;
  description: string;
  /** Already listed (Send Invoice lists them first); otherwise they are listed now. */
  memberIds?: readonly number[];
  /** When to send it (UTC ms); now when absent. */
  sendAt?: number | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Send Notification to a group: a `notificationsAlert` entry targeting it (functions push it),
 * or with `sendAt` a scheduled one the functions write when it is due.
 */
export function useNotifyMembers() {
  const { api, firebase, logger } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ group, title, description, memberIds, sendAt }: NotifyMembersInput) =>
      notifyGroup({
        whenConnected: () => requireConnection(firebase),
        fetchMemberIds: async () =>
          memberIds ??
          (
            await queryClient.fetchQuery({ ...membersQueryOptions(api, group.id), staleTime: 0 })
          ).items.map((member) => member.id),
        readMirror: () => readMemberMirror(firebase, group.id),
        writeAlert: () =>
          sendAt === undefined
            ? writeGroupAlert(firebase, { group, title, description })
            : scheduleGroupAlert(firebase, { group, title, description }, sendAt),
        sleep,
        logger,
      }),
  });
}
