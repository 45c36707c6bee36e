/**
 * Names a schema may give in `widget` (form fields and filters): the `widget` enum of
 * schemas/meta/common.schema.json, generated into ./generated/widgetNames.ts (npm run schemas:types).
 * The server's schemas:check refuses any other name; the client's widget registry test asserts it
 * registers exactly these. Adding a widget: its folder under src/client/runtime/widgets, one
 * registry line, and its name in the meta-schema's enum.
 */
export { WIDGET_NAMES, type WidgetName } from './generated/widgetNames.js';
