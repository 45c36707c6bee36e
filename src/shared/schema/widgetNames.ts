/**
 * Names a schema may give in `widget` (form fields and filters): one per widget folder
 * (src/client/runtime/widgets/<Name>/, src/client/modules/<m>/widgets/<Name>/), written by npm run
 * schemas:generate into the `widget` enum of schemas/meta/common.schema.json and into
 * ./generated/widgetNames.ts. The server's schemas:check refuses any other name; the client's widget
 * registry test asserts it registers exactly these. Adding a widget: its folder, one registry line,
 * npm run schemas:generate.
 */
export { WIDGET_NAMES, type WidgetName } from './generated/widgetNames.js';
