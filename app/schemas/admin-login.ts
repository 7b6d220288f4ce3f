import { z } from "zod";

// Only shape limits: a sign-in must never say which part was wrong, so there are no rules to hint at.
export const adminLoginSchema = z.object({
  // PostgreSQL text cannot hold NUL.
  username: z
    .string()
    .trim()
    .min(1, "Enter your username.")
    .max(64, "Invalid username or password")
    .refine((value) => !value.includes("\u0000"), "Invalid username or password"),
  password: z.string().min(1, "Enter your password.").max(1024, "Invalid username or password"),
  redirectTo: z.string().optional(),
});

/** Rules for creating an admin (bootstrap env and `npm run admin:create`). */
export const adminUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "The username must be at least 3 characters.")
  .max(64, "The username must be at most 64 characters.")
  .regex(/^[a-z0-9._@-]+$/, "The username may contain only letters, digits and . _ @ -");

export const adminPasswordSchema = z
  .string()
  .min(12, "The password must be at least 12 characters.")
  .max(1024, "The password must be at most 1024 characters.");
