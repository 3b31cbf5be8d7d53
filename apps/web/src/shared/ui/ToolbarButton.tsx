import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface ToolbarButtonProps {
  /** The accessible name, and the tooltip unless `tip` says more. */
  label: string;
  tip?: string;
  icon: ReactNode;
  testId: string;
  /** A tool or toggle that is on (primary, `aria-pressed`); undefined for a plain button. */
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
}

/** An icon button of the right tool bar, its tooltip on the left (spec 000 §2). */
export function ToolbarButton({ label, tip, icon, testId, pressed, disabled, onClick }: ToolbarButtonProps) {
  return (
    <Tooltip title={tip ?? label} placement="left">
      <Button
        type={pressed ? 'primary' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        data-testid={testId}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}
