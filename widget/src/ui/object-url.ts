// The screenshot preview's blob: URL, tied to the component that shows it: made for a picture, revoked when the
// picture is replaced and when the form unmounts (closed), so no old picture stays held by the game's page.
import { useEffect, useMemo } from 'preact/hooks';

/** A URL for the blob while it is shown (null without one); made during render so the preview shows at once. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  // The cleanup runs for the old URL when the blob changes and for the last one when the form unmounts.
  useEffect(() => () => url && URL.revokeObjectURL(url), [url]);
  return url;
}
