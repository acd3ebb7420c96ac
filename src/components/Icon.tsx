import type { SVGProps } from 'react';

/**
 * The product's icon set: small stroke icons drawn inline (no icon font, nothing from the network).
 * Names of the sidebar icons come from src/domain/sidebarMenu.ts.
 */
const paths: Record<string, string[]> = {
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  table: ['M4 5h16v14H4z', 'M4 10h16', 'M4 15h16', 'M10 10v9'],
  board: ['M4 5h4v14H4z', 'M10 5h4v9h-4z', 'M16 5h4v6h-4z'],
  clock: ['M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z', 'M12 7v5l3 2'],
  bell: ['M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'],
  search: ['M11 4a7 7 0 1 0 0 14a7 7 0 0 0 0-14z', 'M20 20l-4-4'],
  sun: [
    'M12 8a4 4 0 1 0 0 8a4 4 0 0 0 0-8z',
    'M12 2v2',
    'M12 20v2',
    'M4.9 4.9l1.4 1.4',
    'M17.7 17.7l1.4 1.4',
    'M2 12h2',
    'M20 12h2',
    'M4.9 19.1l1.4-1.4',
    'M17.7 6.3l1.4-1.4',
  ],
  moon: ['M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z'],
  logout: ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5l-5-5', 'M21 12H9'],
  chevronDown: ['M6 9l6 6l6-6'],
  chevronRight: ['M9 6l6 6l-6 6'],
  wifiOff: [
    'M2 2l20 20',
    'M8.5 16.5a5 5 0 0 1 7 0',
    'M5 12.9a10 10 0 0 1 5.2-2.8',
    'M19 12.9a10 10 0 0 0-2.3-1.7',
    'M2 8.8a15 15 0 0 1 4.2-2.6',
    'M22 8.8A15 15 0 0 0 10.7 5',
    'M12 20h.01',
  ],
  wifi: ['M5 12.9a10 10 0 0 1 14 0', 'M2 8.8a15 15 0 0 1 20 0', 'M8.5 16.5a5 5 0 0 1 7 0', 'M12 20h.01'],
  home: ['M3 10.5L12 3l9 7.5', 'M5 9.5V21h5v-6h4v6h5V9.5'],
  eye: ['M2 12s3.6-7 10-7s10 7 10 7s-3.6 7-10 7S2 12 2 12z', 'M12 9a3 3 0 1 0 0 6a3 3 0 0 0 0-6z'],
  eyeOff: [
    'M3 3l18 18',
    'M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.2',
    'M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
    'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  ],
  keyboard: ['M3 6h18v12H3z', 'M7 10h.01', 'M11 10h.01', 'M15 10h.01', 'M7 14h10'],
  alert: ['M12 3l10 18H2L12 3z', 'M12 10v4', 'M12 17.5h.01'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  compass: ['M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z', 'M15.5 8.5l-2 5l-5 2l2-5z'],
  server: ['M4 4h16v6H4z', 'M4 14h16v6H4z', 'M8 7h.01', 'M8 17h.01'],
  user: ['M12 4a4 4 0 1 0 0 8a4 4 0 0 0 0-8z', 'M4 21a8 8 0 0 1 16 0'],
  child: ['M12 3a3 3 0 1 0 0 6a3 3 0 0 0 0-6z', 'M8 21v-5l-2-3l3-2h6l3 2l-2 3v5', 'M10 21v-4h4v4'],
  parents: [
    'M8 4a3 3 0 1 0 0 6a3 3 0 0 0 0-6z',
    'M17 6a2.5 2.5 0 1 0 0 5a2.5 2.5 0 0 0 0-5z',
    'M2 20a6 6 0 0 1 12 0',
    'M14.5 14.5A5 5 0 0 1 22 19',
  ],
  matching: ['M9 12a3 3 0 1 0 0-.01', 'M15 12a3 3 0 1 0 0-.01', 'M12 3l2 3h-4z', 'M4 21h16'],
  service: ['M12 21s-8-4.8-8-10.2A4.6 4.6 0 0 1 12 8a4.6 4.6 0 0 1 8 2.8C20 16.2 12 21 12 21z'],
  report: ['M6 3h9l4 4v14H6z', 'M14 3v5h5', 'M9 17v-3', 'M12 17v-6', 'M15 17v-2'],
  security: ['M12 3l8 3v6c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V6z', 'M9 12l2 2l4-4'],
  role: ['M12 3a3 3 0 1 0 0 6a3 3 0 0 0 0-6z', 'M6 21v-2a6 6 0 0 1 12 0v2', 'M17 11l2 2l3-3'],
  key: ['M8 14a4 4 0 1 0 0-.01', 'M11 11l9-9', 'M17 5l3 3', 'M15 7l2 2'],
  settings: [
    'M12 9a3 3 0 1 0 0 6a3 3 0 0 0 0-6z',
    'M12 2v3',
    'M12 19v3',
    'M4.2 4.2l2.1 2.1',
    'M17.7 17.7l2.1 2.1',
    'M2 12h3',
    'M19 12h3',
    'M4.2 19.8l2.1-2.1',
    'M17.7 6.3l2.1-2.1',
  ],
  info: ['M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z', 'M12 11v6', 'M12 7.5h.01'],
  office: [
    'M4 21V5l8-3v19',
    'M12 8h8v13',
    'M7 8h2',
    'M7 12h2',
    'M7 16h2',
    'M15 12h2',
    'M15 16h2',
    'M2 21h20',
  ],
  map: ['M3 6l6-3l6 3l6-3v15l-6 3l-6-3l-6 3z', 'M9 3v15', 'M15 6v15'],
  organization: ['M9 3h6v5H9z', 'M3 16h6v5H3z', 'M15 16h6v5h-6z', 'M12 8v4', 'M6 16v-4h12v4'],
  department: ['M3 21h18', 'M5 21V8l7-5l7 5v13', 'M9 21v-6h6v6'],
  position: ['M4 7h16v13H4z', 'M9 7V4h6v3', 'M4 13h16'],
  command: ['M9 6a3 3 0 1 0-3 3h12a3 3 0 1 0-3-3v12a3 3 0 1 0 3-3H6a3 3 0 1 0 3 3z'],
  arrowRight: ['M5 12h14', 'M13 6l6 6l-6 6'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  check: ['M5 12l5 5l9-10'],
  calendar: ['M4 6h16v15H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  plus: ['M12 5v14', 'M5 12h14'],
  trash: ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M6 7l1 13h10l1-13', 'M9 7V4h6v3'],
  chevronLeft: ['M15 6l-6 6l6 6'],
  chevronsLeft: ['M11 6l-6 6l6 6', 'M18 6l-6 6l6 6'],
  chevronsRight: ['M6 6l6 6l-6 6', 'M13 6l6 6l-6 6'],
  save: ['M5 3h11l3 3v15H5z', 'M8 3v5h7V3', 'M8 21v-7h8v7'],
  upload: ['M12 16V4', 'M7 9l5-5l5 5', 'M4 20h16'],
  download: ['M12 4v12', 'M7 11l5 5l5-5', 'M4 20h16'],
  printer: ['M7 9V3h10v6', 'M5 9h14a2 2 0 0 1 2 2v6h-4', 'M7 17H3v-6a2 2 0 0 1 2-2', 'M7 14h10v7H7z'],
  edit: ['M4 20h4L19 9l-4-4L4 16z', 'M13 7l4 4'],
  image: ['M4 5h16v14H4z', 'M4 16l5-5l4 4l3-3l4 4', 'M15 9h.01'],
  filter: ['M4 5h16l-6 8v6l-4-2v-4z'],
  refresh: ['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7'],
  language: ['M4 5h8', 'M8 3v2', 'M6 5c0 4 3 7 6 8', 'M10 5c0 3-3 7-6 8', 'M13 21l4-10l4 10', 'M14.5 18h5'],
  globe: [
    'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z',
    'M3 12h18',
    'M12 3c3 3.5 3 14.5 0 18',
    'M12 3c-3 3.5-3 14.5 0 18',
  ],
};

export type TIconName = keyof typeof paths;

export const Icon = ({ name, className = 'size-5', ...rest }: { name: string } & SVGProps<SVGSVGElement>) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className={className}
    {...rest}
  >
    {(paths[name] ?? paths.info).map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);
