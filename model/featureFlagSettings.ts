import * as z from 'zod/mini';
import { FeatureFlags } from './pageData';

/*
 * Feature flags an administrator sets for the whole installation (spec sections 6 and 7). The
 * environment gives each flag's default; a stored setting overrides it on every server. The flags
 * that follow from the configuration (GENERATIVE_FEEDBACK, ERROR_REPORTING) are not set this way.
 */

/** The flags an administrator may set; the others follow from what is configured. */
export const SETTABLE_FEATURE_FLAGS = ['FULLTEXT_SEARCH', 'ANNOTATION_COMMENTS', 'USE_GRAVATAR', 'PRIVATE_MODE'] as const;
export const SettableFeatureFlag = z.enum(SETTABLE_FEATURE_FLAGS);
export type SettableFeatureFlag = z.infer<typeof SettableFeatureFlag>;

/** The stored settings: a flag missing here has its environment's value. */
export const FeatureFlagOverrides = z.partialRecord(SettableFeatureFlag, z.boolean());
export type FeatureFlagOverrides = z.infer<typeof FeatureFlagOverrides>;

/** The flag named in the address of `PUT /api/admin/features/:name`. */
export const FeatureFlagParams = z.strictObject({ name: SettableFeatureFlag });

/** Body of `PUT /api/admin/features/:name`: on, off, or null (back to the environment's value). */
export const FeatureFlagSetting = z.strictObject({ enabled: z.nullable(z.boolean()) });
export type FeatureFlagSetting = z.infer<typeof FeatureFlagSetting>;

/** Body of `POST /api/features/clear` (spec section 7: none): no body, or an empty object. */
export const FeaturesClearBody = z.optional(z.strictObject({}));

/** What the feature calls answer: the flags as every server now serves them, and the stored settings behind them. */
export const FeatureFlagsAnswer = z.strictObject({ featureFlags: FeatureFlags, overrides: FeatureFlagOverrides });
export type FeatureFlagsAnswer = z.infer<typeof FeatureFlagsAnswer>;
