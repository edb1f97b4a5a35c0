import { VIDEO_COVER_AT_S, VIDEO_COVER_JPEG_QUALITY } from '@/lib/constants';

/** Why a video cannot be sent. */
export class VideoRefused extends Error {
  override readonly name = 'VideoRefused';
  constructor(
    readonly reason: 'too-short' | 'unreadable',
    readonly duration?: number,
  ) {
    super(reason);
  }
}

/** A video is at least as long as the moment its cover is taken from. */
export function checkDuration(duration: number): void {
  if (!Number.isFinite(duration) || duration <= 0) throw new VideoRefused('unreadable');
  if (duration < VIDEO_COVER_AT_S) throw new VideoRefused('too-short', duration);
}

/** Covers wider than this are scaled down: a chat preview needs no 4K JPEG. */
const COVER_MAX_WIDTH = 1280;
const READ_TIMEOUT_MS = 20_000;

function once(video: HTMLVideoElement, event: 'loadedmetadata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new VideoRefused('unreadable')), READ_TIMEOUT_MS);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      video.removeEventListener(event, ok);
      video.removeEventListener('error', failed);
      if (error) reject(error);
      else resolve();
    };
    const ok = () => finish();
    const failed = () => finish(new VideoRefused('unreadable'));
    video.addEventListener(event, ok);
    video.addEventListener('error', failed);
  });
}

/**
 * The video's cover: the frame at 1.5 s drawn to a canvas, as a JPEG of
 * quality 0.75. Refuses a video shorter than that, or one the browser cannot decode.
 */
export async function readVideoCover(file: Blob): Promise<{ duration: number; cover: Blob }> {
  const video = document.createElement('video');
  const url = URL.createObjectURL(file);
  try {
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    const metadata = once(video, 'loadedmetadata');
    video.src = url;
    await metadata;
    checkDuration(video.duration);
    const seeked = once(video, 'seeked');
    video.currentTime = VIDEO_COVER_AT_S;
    await seeked;
    if (!video.videoWidth || !video.videoHeight) throw new VideoRefused('unreadable');
    const scale = Math.min(1, COVER_MAX_WIDTH / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new VideoRefused('unreadable');
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const cover = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', VIDEO_COVER_JPEG_QUALITY),
    );
    if (!cover) throw new VideoRefused('unreadable');
    return { duration: video.duration, cover };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
