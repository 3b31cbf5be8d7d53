import { Limits } from '@satportal/contract';
import { Input } from 'antd';

interface NameInputProps {
  value: string;
  label: string;
  invalid: boolean;
  testId: string;
  className?: string;
  autoFocus?: boolean;
  onChange(value: string): void;
  onEnter(): void;
}

/** A name of an AOI or POI: the spec's 50 characters counted as they are typed, Enter submits. */
export function NameInput({
  value,
  label,
  invalid,
  testId,
  className,
  autoFocus,
  onChange,
  onEnter,
}: NameInputProps) {
  return (
    <Input
      className={className}
      value={value}
      autoFocus={autoFocus}
      aria-label={label}
      placeholder={label}
      count={{ show: true, max: Limits.nameMax }}
      status={invalid ? 'error' : undefined}
      data-testid={testId}
      onChange={(event) => onChange(event.target.value)}
      onPressEnter={onEnter}
    />
  );
}
