/**
 * The one condition language of the schemas: a typed subset of JsonLogic (jsonlogic.com).
 * A rule is plain JSON, evaluated by ./evaluate.ts on both the browser and the server.
 *
 *   {"var": "record.status"}                    read a value from the context (dotted path)
 *   {"==": [a, b]}, {"!=": [a, b]}               loose-free equality (values compared as strings when types differ: "1" == 1)
 *   {"<": [a, b]}, {"<=": ...}, {">": ...}, {">=": ...}
 *   {"in": [a, [x, y]]}                          membership in a list (or substring of a string)
 *   {"and": [r1, r2]}, {"or": [r1, r2]}, {"!": r}
 *   {"if": [cond, then, else]}
 *   {"some": [list, rule]}                       whether rule holds for some element (read as "item"; the rest of the context stays)
 *   true / false / "text" / 12 / null            literals
 *
 * Context: { record, form, user: {userId, roleCode, areaCode, roles}, query, now }.
 */
export type Rule =
  | boolean
  | number
  | string
  | null
  | Rule[]
  | { var: string | [string, unknown] }
  | { '==': [Rule, Rule] }
  | { '!=': [Rule, Rule] }
  | { '<': [Rule, Rule] }
  | { '<=': [Rule, Rule] }
  | { '>': [Rule, Rule] }
  | { '>=': [Rule, Rule] }
  | { in: [Rule, Rule] }
  | { and: Rule[] }
  | { or: Rule[] }
  | { '!': Rule | [Rule] }
  | { if: Rule[] }
  | { some: [Rule, Rule] };
