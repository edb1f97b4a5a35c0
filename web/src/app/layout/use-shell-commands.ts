import { useEffect, useState } from 'react';
import {
  isMacPlatform,
  isTextEntry,
  shellCommandOf,
  type ShellCommand,
} from '@/features/command-palette/shortcuts';

/**
 * The shell's keyboard shortcuts (Ctrl+K or ⌘+K: the command palette; "?": the shortcuts
 * sheet), listened for on the whole document. Which one is open, if any.
 */
export function useShellCommands() {
  const [open, setOpen] = useState<ShellCommand | null>(null);
  const mac = isMacPlatform(navigator.platform);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = shellCommandOf(event, mac, isTextEntry(event.target));
      if (!command) return;
      // Ctrl+K is also the browser's own search shortcut.
      event.preventDefault();
      setOpen(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mac]);
  return { open, setOpen, mac };
}
