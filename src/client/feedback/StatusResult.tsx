import { Result, type ResultProps } from 'antd';
import './statusResult.css';

const PICTURES = {
  '403': Result.PRESENTED_IMAGE_403,
  '404': Result.PRESENTED_IMAGE_404,
  '500': Result.PRESENTED_IMAGE_500,
};

export type ResultStatus = keyof typeof PICTURES;

/**
 * A 403, 404 or 500 page with antd's picture for it, as a picture only: antd's own (`status="404"`)
 * names itself in English (an SVG title: No Found, Unauthorized, Server Error), which a screen
 * reader reads out and the pointer shows as a tooltip. The title and text say what happened.
 * Marked `status-result-<status>` for whoever looks for such a page (the crawler).
 */
export function StatusResult({
  status,
  className,
  ...rest
}: Omit<ResultProps, 'status' | 'icon'> & { status: ResultStatus }) {
  const Picture = PICTURES[status];
  return (
    <Result
      {...rest}
      icon={
        <span className="status-result-picture" aria-hidden="true">
          <Picture />
        </span>
      }
      className={`status-result status-result-${status}${className ? ` ${className}` : ''}`}
    />
  );
}
