import { z } from 'zod';

/** The claim names of LTI 1.3 Core, Deep Linking 2.0 and AGS 2.0 (1EdTech). */
export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

/** Instructor-like roles (LTI 1.3 Core, context and institution roles); any other role counts as a learner's. */
const INSTRUCTOR_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
];

/** Whether the roles claim names an instructor (or another role that prepares the course); sub-roles (`…#Instructor#TeachingAssistant`) count too. */
export function isInstructor(roles: readonly string[]): boolean {
  return roles.some((role) => INSTRUCTOR_ROLES.some((r) => role === r || role.startsWith(`${r}#`)));
}

const Text = (max: number) => z.string().min(1).max(max);

/**
 * The LTI claims of a verified id_token the tool relies on (the standard JWT claims are checked by the
 * signature verification). Unknown claims are allowed: platforms send many.
 */
export const LaunchClaims = z.object({
  sub: Text(255),
  nonce: Text(1000),
  azp: z.string().optional(),
  name: z.string().max(500).optional(),
  given_name: z.string().max(500).optional(),
  family_name: z.string().max(500).optional(),
  [CLAIM.messageType]: z.enum([RESOURCE_LINK_REQUEST, DEEP_LINKING_REQUEST]),
  [CLAIM.version]: z.literal(LTI_VERSION),
  [CLAIM.deploymentId]: Text(255),
  [CLAIM.targetLinkUri]: z.url({ protocol: /^https?$/ }),
  [CLAIM.roles]: z.array(z.string().max(500)).max(200),
  [CLAIM.resourceLink]: z.object({ id: Text(255), title: z.string().max(1000).optional() }).optional(),
  [CLAIM.context]: z.object({ id: Text(255), title: z.string().max(1000).optional() }).optional(),
  [CLAIM.deepLinkingSettings]: z
    .object({
      deep_link_return_url: z.url({ protocol: /^https?$/ }),
      accept_types: z.array(z.string()).min(1),
      accept_presentation_document_targets: z.array(z.string()).optional(),
      accept_multiple: z.boolean().optional(),
      data: z.string().max(10_000).optional(),
      title: z.string().max(1000).optional(),
    })
    .optional(),
  [CLAIM.agsEndpoint]: z
    .object({
      scope: z.array(z.string()).max(20),
      lineitems: z.url({ protocol: /^https?$/ }).optional(),
      lineitem: z.url({ protocol: /^https?$/ }).optional(),
    })
    .optional(),
});
export type LaunchClaims = z.infer<typeof LaunchClaims>;

/** The learner's name from the claims: `name`, else given and family name, else null. */
export function nameOf(claims: Pick<LaunchClaims, 'name' | 'given_name' | 'family_name'>): { firstname: string; lastname: string; full: string | null } {
  const firstname = claims.given_name?.trim() ?? '';
  const lastname = claims.family_name?.trim() ?? '';
  const full = claims.name?.trim() || [firstname, lastname].filter(Boolean).join(' ') || null;
  if (!firstname && !lastname && full) return { firstname: full, lastname: '', full };
  return { firstname, lastname, full };
}
