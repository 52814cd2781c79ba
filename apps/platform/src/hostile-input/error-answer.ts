import { z } from 'zod'
import type { RuleType } from '../http/errors.ts'

const RULE_TYPES = [
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
] as const satisfies readonly RuleType[]

const ValidationAnswer = z.strictObject({
  message: z.string().startsWith('INVALID_ARGUMENT: '),
  details: z.strictObject({
    validationError: z.strictObject({
      fieldViolations: z
        .array(
          z.strictObject({
            field: z.string().min(1),
            description: z.string().min(1),
            violatedRule: z.enum(RULE_TYPES),
            ruleName: z.string().optional(),
            data: z.record(z.string(), z.unknown()).optional(),
          }),
        )
        .min(1),
    }),
  }),
})

const ApplicationAnswer = z.strictObject({
  message: z.string().min(1),
  details: z.strictObject({
    applicationError: z.strictObject({
      description: z.string().min(1),
      // Stable upper-snake codes, or the spec's numeric identity codes (-19995...).
      code: z.union([z.string().regex(/^([A-Z][A-Z0-9_]*|-\d+)$/), z.number().int()]),
      data: z.record(z.string(), z.unknown()),
    }),
  }),
})

/** The error answers of spec section 8 (validation or application error): one schema for every route. */
export const NormalisedErrorAnswer = z.union([ValidationAnswer, ApplicationAnswer])

/** RFC 6749 §5.2 error bodies: the token and revocation endpoints keep the standard's format. */
const OAuthErrorAnswer = z.strictObject({
  error: z.string().regex(/^[a-z_]+$/),
  error_description: z.string().optional(),
})

/** A GraphQL response with errors: the GraphQL endpoint answers in GraphQL's format. */
const GraphQLErrorAnswer = z.object({
  errors: z.array(z.object({ message: z.string() })).min(1),
})

/**
 * The schema a JSON error answer of `route` must satisfy: the normalised shapes, plus the standard
 * format of the routes that keep one (the token and revocation endpoints, GraphQL).
 */
export function errorAnswerSchemaFor(route: string): z.ZodType {
  if (route === 'POST /oauth2/token' || route === 'POST /oauth2/revoke')
    return z.union([NormalisedErrorAnswer, OAuthErrorAnswer])
  if (route.startsWith('POST /graphql/')) return z.union([NormalisedErrorAnswer, GraphQLErrorAnswer])
  return NormalisedErrorAnswer
}
