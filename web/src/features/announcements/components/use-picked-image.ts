import { useCallback, useEffect, useRef, useState } from 'react';

export interface PickedImage {
  file: File;
  /** An object URL for the preview, revoked when replaced or unmounted. */
  url: string;
}

/**
 * The image chosen in a file input, with a preview URL. The URL is made when the file is
 * picked (not in render or an effect), so a StrictMode double mount cannot revoke a URL that
 * is still shown.
 */
export function usePickedImage() {
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  const pick = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const next = file ? { file, url: URL.createObjectURL(file) } : null;
    current.current = next?.url ?? null;
    setPicked(next);
  }, []);
  return [picked, pick] as const;
}
