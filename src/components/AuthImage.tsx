import { useEffect, useState } from 'react';
import { apiBlob } from '@/platform/api/client';

/**
 * An image the API serves only to a signed-in user who may read it (a child's photo): fetched with
 * the session's token and shown from an object URL, never from a public address. `version` changes
 * when the image does (the record's version), so a replaced photo is fetched again.
 */
export const AuthImage = ({
  path,
  alt,
  className,
  version,
  fallback = null,
}: {
  path: string;
  alt: string;
  className?: string;
  version?: number | string;
  fallback?: React.ReactNode;
}) => {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for the image again
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setFailed(false);
    apiBlob(path, { signal: controller.signal, errorMode: 'log' })
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [path, version]);
  if (failed) return <>{fallback}</>;
  if (!url)
    return (
      <span className={`${className ?? ''} inline-block animate-pulse bg-slate-200 dark:bg-slate-700`} />
    );
  return <img src={url} alt={alt} className={className} />;
};
