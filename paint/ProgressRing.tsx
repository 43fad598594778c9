import { PROGRESS_RING_STROKE, PROGRESS_RING_TRANSITION_MS } from '../model/constants';
import { Icon } from './Icon';

type ProgressRingProps = {
  /** 0 to 1; a check mark shows at 1. */
  progress: number;
  /** Diameter in px. */
  size?: number;
  /** Accessible name, e.g. "40 % complete". */
  label: string;
  className?: string;
};

/** A circular progress indicator (stroke 6, 0.5 s transition, check mark when complete; spec section 9). */
export function ProgressRing({ progress, size = 48, label, className = '' }: ProgressRingProps) {
  const value = Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 0));
  const radius = (size - PROGRESS_RING_STROKE) / 2;
  const circumference = 2 * Math.PI * radius;
  const complete = value >= 1;
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      data-complete={complete || undefined}
      className={`relative inline-flex shrink-0 items-center justify-center ${className}`}
      style={{ width: size, height: size }}
    >
      <svg aria-hidden width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={PROGRESS_RING_STROKE} className="stroke-gray-200" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={PROGRESS_RING_STROKE}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value)}
          className={complete ? 'stroke-green-600' : 'stroke-primary-600'}
          style={{ transition: `stroke-dashoffset ${PROGRESS_RING_TRANSITION_MS}ms ease-out` }}
        />
      </svg>
      {complete ? (
        <Icon name="check" className="absolute size-1/2 text-green-600" strokeWidth={2.5} data-check />
      ) : null}
    </span>
  );
}
