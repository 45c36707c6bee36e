import { Input } from 'antd';

/** The words a review decision is given with (a reason, a note): three rows, counted to their limit. */
export function ReasonInput({
  label,
  value,
  onChange,
  maxLength = 500,
  placeholder,
}: {
  /** Its accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <Input.TextArea
      aria-label={label}
      rows={3}
      maxLength={maxLength}
      showCount
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
