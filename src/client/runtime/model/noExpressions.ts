/**
 * Formily compiles `{{ }}` strings in a schema with `new Function`. Schemas here carry no
 * expressions (rules are JSON, applied as form effects), and the page runs under a CSP without
 * 'unsafe-eval'; so the compiler is replaced by one that evaluates nothing: a `{{ }}` that slips into
 * a label stays literal text instead of running or breaking the page.
 */
import { Schema } from '@formily/json-schema';

export function literalExpression(expression: string): string {
  return `{{${expression}}}`;
}

let installed = false;
export function disableSchemaExpressions(): void {
  if (installed) return;
  installed = true;
  Schema.registerCompiler(literalExpression);
}
