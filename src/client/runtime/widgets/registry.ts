/**
 * Every widget the schemas can name, registered by name in one place (amis's renderer registry).
 * A widget is a Formily-connected component (value / onChange, read-pretty supported); adding one is
 * its folder (<Name>/<Name>.tsx) plus one `registerWidget` line in ./index.ts, then npm run
 * schemas:generate (which lists the folder's name among the names schemas may give). Layout pieces (FormItem, FormGrid, Section,
 * StepPane) are registered the same way so a Formily schema finds everything here.
 */
import type { ComponentType } from 'react';

// Components of any props: each widget declares its own.
export type WidgetComponent = ComponentType<any>;

const widgets = new Map<string, WidgetComponent>();
const layouts = new Map<string, WidgetComponent>();
let version = 0;

function checkName(name: string): void {
  if (!/^[A-Z][A-Za-z0-9.]*$/.test(name)) throw new Error(`widget names are PascalCase: "${name}"`);
}

/**
 * A field widget schemas may name in `widget` (listed in src/shared/schema/widgetNames.ts). Returns
 * the call that takes it out again (a test's probe widget leaves no trace).
 */
export function registerWidget(name: string, component: WidgetComponent): () => void {
  checkName(name);
  widgets.set(name, component);
  version++;
  return () => {
    if (widgets.get(name) !== component) return;
    widgets.delete(name);
    version++;
  };
}

/** A layout piece the runtime itself puts in Formily schemas (FormItem, FormGrid, Section, StepPane). */
export function registerLayout(name: string, component: WidgetComponent): void {
  checkName(name);
  layouts.set(name, component);
  version++;
}

export function getWidget(name: string): WidgetComponent | undefined {
  return widgets.get(name);
}

export function hasWidget(name: string): boolean {
  return widgets.has(name);
}

export function widgetNames(): string[] {
  return [...widgets.keys()].sort();
}

/** All registered components by name, as Formily's createSchemaField takes them. */
export function widgetComponents(): Record<string, WidgetComponent> {
  return { ...Object.fromEntries(layouts), ...Object.fromEntries(widgets) };
}

/** Changes whenever a widget is (re)registered, so cached schema fields are rebuilt. */
export function registryVersion(): number {
  return version;
}
