import { useState } from 'react';
import { generalInformationFileUrl } from '@/platform/api/client';
import { useAppLogo } from '@/platform/useSetup';

/** The inline mark shown when no logo is configured or the image cannot load. */
const LogoMark = ({ size }: { size: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="#17386d" />
    <path d="M16 25s-8-4.8-8-10.2A4.6 4.6 0 0 1 16 12a4.6 4.6 0 0 1 8 2.8C24 20.2 16 25 16 25z" fill="#fff" />
    <circle cx="16" cy="8.5" r="2.2" fill="#aac3ea" />
  </svg>
);

/** The logo of the general information (app_logo), served by `/general-information/{file}`. */
export const AppLogo = ({ size, alt }: { size: number; alt: string }) => {
  const file = useAppLogo();
  const [failed, setFailed] = useState<string | null>(null);
  if (!file || failed === file) return <LogoMark size={size} />;
  return (
    <img
      src={generalInformationFileUrl(file)}
      alt={alt}
      width={size}
      height={size}
      className="object-contain"
      style={{ width: size, height: size }}
      onError={() => setFailed(file)}
    />
  );
};
