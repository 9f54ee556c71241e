import type { ReactNode } from 'react';
import type { DeviceIconName } from './pickIcon';

// Our own 24x24 line drawings, stroked with the current text colour.
export const SHAPES: Record<DeviceIconName, ReactNode> = {
  lamp: (
    <>
      <path d="M8 3h8l3 8H5z" />
      <path d="M12 11v8M8 21h8" />
    </>
  ),
  weather: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M9 2v1M3 8h1M4.8 3.8l.7.7M13.2 3.8l-.7.7" />
      <path d="M8 20h9a3.5 3.5 0 0 0 0-7 5 5 0 0 0-9.6 1.5A2.8 2.8 0 0 0 8 20z" />
    </>
  ),
  button: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="3" />
      <circle cx="12" cy="12" r="3.5" />
    </>
  ),
  socket: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9v3M15 9v3M9 16h6" />
    </>
  ),
  generic: (
    <>
      <rect x="6" y="6" width="12" height="12" rx="1.5" />
      <rect x="9.5" y="9.5" width="5" height="5" />
      <path d="M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3" />
    </>
  ),
  frog: (
    <>
      <path d="M4 15c0-4 3.5-6 8-6s8 2 8 6-3.5 5-8 5-8-1-8-5z" />
      <circle cx="8" cy="7.5" r="2.5" />
      <circle cx="16" cy="7.5" r="2.5" />
      <path d="M8.5 15.5c2 1.5 5 1.5 7 0" />
    </>
  ),
  rock: (
    <>
      <path d="M3 19l3-8 5-3 6 2 4 9z" />
      <path d="M14 3l6 4M17 5l-4 6" />
    </>
  ),
  crewmate: (
    <>
      <path d="M7 20V10a5 5 0 0 1 10 0v10h-4v-3h-2v3z" />
      <path d="M11 9h5a1.5 1.5 0 0 1 0 3h-5a1.5 1.5 0 0 1 0-3z" />
      <path d="M7 12H5v6h2" />
    </>
  ),
  test: (
    <>
      <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3" />
      <path d="M7.5 15h9" />
    </>
  ),
};
