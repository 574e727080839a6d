import { variantPlugin } from './support/variant.js';

export const description = 'Lets a shell executor exception (policy denial, spawn failure) escape and fail the turn instead of warning.';

export const { name, inject, Config, apply } = variantPlugin({ rethrowExecutorErrors: true });
