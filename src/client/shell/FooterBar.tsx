import { Layout } from 'antd';
import type { SiteFooter } from './platformApi.js';

/** Version label of SPEC §1 / §9. */
export const VERSION_LABEL = 'V1.1.1110';

/** Footer: organiser, host and support credits, version, filing numbers and support phone (from configuration). */
export function FooterBar({ footer }: { footer?: SiteFooter }) {
  const credits = [footer?.organiser, footer?.host, footer?.support].filter(Boolean);
  const filings = [footer?.policeFiling, footer?.siteRegistration, footer?.supportPhone].filter(Boolean);
  return (
    <Layout.Footer className="shell-footer">
      {credits.length > 0 && (
        <div className="shell-footer-line">
          {credits.map((c) => (
            <span key={c}>{c}</span>
          ))}
        </div>
      )}
      <div className="shell-footer-line">
        {filings.map((c) => (
          <span key={c}>{c}</span>
        ))}
        <span className="shell-version">版本 {footer?.version || VERSION_LABEL}</span>
      </div>
    </Layout.Footer>
  );
}
