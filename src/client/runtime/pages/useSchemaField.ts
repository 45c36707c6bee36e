import type { ISchema } from '@formily/json-schema';
import { createSchemaField } from '@formily/react';
import type { ComponentType } from 'react';
import { disableSchemaExpressions } from '../model/noExpressions.js';
import '../widgets/index.js';
import { registryVersion, widgetComponents } from '../widgets/registry.js';

disableSchemaExpressions();

type SchemaFieldComponent = ComponentType<{ schema: ISchema }>;
let cached: { version: number; SchemaField: SchemaFieldComponent } | null = null;

/** Formily's SchemaField over every registered widget, rebuilt only when the registry changes. */
export function useSchemaField(): SchemaFieldComponent {
  const version = registryVersion();
  if (!cached || cached.version !== version) {
    cached = {
      version,
      SchemaField: createSchemaField({ components: widgetComponents() }) as unknown as SchemaFieldComponent,
    };
  }
  return cached.SchemaField;
}
