import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code of `text` as SVG, dark on a white square in either theme (scanners need the contrast and the quiet
 * zone of four modules). One path of unit squares: crisp at any size.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: qr.size };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 4, maxWidth: '100%', height: 'auto' }}
      data-testid="totp-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
