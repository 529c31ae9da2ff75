import type { ReactNode } from 'react';
import './avatar-statistic.css';

const PIXELS = { small: 24, default: 32, large: 40 } as const;

/** A round picture in antd Avatar's look, without antd's (its size context and responsive sizes). */
export default function Avatar({
  src,
  size = 'default',
  alt = '',
  ...rest
}: {
  src: string;
  size?: keyof typeof PIXELS | number;
  alt?: string;
  'data-testid'?: string;
}) {
  const px = typeof size === 'number' ? size : PIXELS[size];
  return (
    <span className="oj-avatar" style={{ width: px, height: px }} data-testid={rest['data-testid']}>
      <img src={src} alt={alt} />
    </span>
  );
}

/** Avatars overlapping in a row (antd's Avatar.Group). */
Avatar.Group = function AvatarGroup({ children }: { children: ReactNode }) {
  return <span className="oj-avatar-group">{children}</span>;
};
