/** Read-pretty of yes/no widgets. */
export function BooleanText({ value }: { value?: unknown }) {
  const on = value === true || value === 1 || value === '1' || value === 'true';
  return (
    <span className="runtime-text">
      {value === null || value === undefined || value === '' ? '-' : on ? '是' : '否'}
    </span>
  );
}
