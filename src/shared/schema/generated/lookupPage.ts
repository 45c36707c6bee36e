/**
 * Generated from src/client/runtime/pages/lookup/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * A public look-up (kind lookup): one text box whose value, also taken from the address (?<param>=), is posted to a public endpoint; the answer's named keys are shown, or the endpoint's message (e.g. not found) when nothing matches. E.g. the certificate check /verify?no=.
 */
export interface LookupPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/lookup-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: lookup.
   */
  kind: 'lookup';
  /**
   * Page id, e.g. portal/certificate.verify.
   */
  id: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * Look-ups are for visitors: the endpoint must be a public one.
   */
  source: 'public';
  /**
   * Public API path relative to /api/, e.g. public/certificate/verify.
   */
  endpoint: string;
  /**
   * Body key and query parameter of the value, e.g. no.
   */
  param: string;
  /**
   * Label of the text box (Chinese).
   */
  inputLabel: string;
  /**
   * Placeholder of the text box.
   */
  placeholder?: string;
  /**
   * Shown above the answer when something matched, e.g. 证书有效.
   */
  found?: string;
  /**
   * Keys of the answer shown, in order.
   *
   * @minItems 1
   */
  fields: {
    /**
     * Key of the answer's data.
     */
    key: string;
    /**
     * Label (Chinese).
     */
    label: string;
    /**
     * A copy button after the value (复制成功 / 无复制内容), e.g. a certificate number.
     */
    copyable?: boolean;
  }[];
}
