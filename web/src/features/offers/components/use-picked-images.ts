import { useCallback, useEffect, useRef, useState } from 'react';

export interface PickedImage {
  file: File;
  /** An object URL for the preview, revoked when replaced, cleared or unmounted. */
  url: string;
}

/**
 * One chosen image per key, each with a preview URL. URLs are made when a file is picked (not
 * in render or an effect), so a StrictMode double mount cannot revoke one still shown.
 */
export function usePickedImages<K extends string>() {
  const [picked, setPicked] = useState<Partial<Record<K, PickedImage>>>({});
  const urls = useRef(new Map<K, string>());
  useEffect(() => {
    const live = urls.current;
    return () => {
      for (const url of live.values()) URL.revokeObjectURL(url);
      live.clear();
    };
  }, []);

  const pick = useCallback((key: K, file: File | null) => {
    const before = urls.current.get(key);
    if (before) URL.revokeObjectURL(before);
    urls.current.delete(key);
    const url = file ? URL.createObjectURL(file) : null;
    if (url) urls.current.set(key, url);
    setPicked((current) => ({ ...current, [key]: file && url ? { file, url } : undefined }));
  }, []);

  const clear = useCallback(() => {
    for (const url of urls.current.values()) URL.revokeObjectURL(url);
    urls.current.clear();
    setPicked({});
  }, []);

  return { picked, pick, clear };
}
