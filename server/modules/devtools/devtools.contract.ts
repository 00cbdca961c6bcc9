import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';

/**
 * The developer tools' calls (specification 001, "Release and domain"): answered only when the developer
 * tools are on (outside production, or DEV_TOOLS=true); in production they are not registered (404).
 * The specification's `/_cli/…` calls of its local development server live under `/api/v1/_cli/`.
 */
export const releaseSchema = z
  .object({
    tag_name: z.string().meta({ example: 'issue-15-comments-and-reviews-first-part' }),
    name: z.string(),
    description_html: z.string().meta({ description: 'The section of CHANGELOG.md as sanitized HTML' }),
  })
  .meta({ id: 'Release' });
export type Release = z.output<typeof releaseSchema>;

export const cliLatestTag = defineContract({
  method: 'get',
  path: '/v1/_cli/get-latest-tag',
  tags: ['developer'],
  summary: "The newest release tag: the first section of the project's CHANGELOG.md (outside production)",
  output: z.string(),
});

export const cliLatestRelease = defineContract({
  method: 'post',
  path: '/v1/_cli/get-latest-release',
  tags: ['developer'],
  summary: "The project's releases, newest first, from its CHANGELOG.md (outside production)",
  description:
    'gitlabProjectId (default: the CMS option GitlabProjectId) and gitlabBranch are accepted for the ' +
    "specification's shape; the releases are the sections of this project's own CHANGELOG.md.",
  body: z
    .object({
      gitlabProjectId: z.union([z.number().int().min(1), lineText(100)]).optional(),
      gitlabBranch: lineText(200).optional(),
    })
    .optional()
    .default({}),
  output: z.array(releaseSchema),
});

export const devDomainSchema = z.object({
  url: z
    .string()
    .nullable()
    .meta({ description: 'The domain the instance serves; null: the request host decides' }),
  forcedUrl: z.string().nullable().meta({ description: 'DEV_FORCE_DOMAIN, when configured' }),
  siteName: z.string().nullable(),
});

export const cliGetDomain = defineContract({
  method: 'get',
  path: '/v1/_cli/get-domain',
  tags: ['developer'],
  summary: 'The domain this development instance serves (outside production)',
  output: devDomainSchema,
});

export const cliSetDomain = defineContract({
  method: 'post',
  path: '/v1/_cli/set-domain',
  tags: ['developer'],
  summary: 'Makes this development instance serve the site of one of the known domains (outside production)',
  writes: true,
  body: z.object({
    domain: lineText(300).trim().min(1).meta({
      description: 'A domain url (https://shop.hr) or host of one of the sites',
      example: 'https://localhost',
    }),
  }),
  output: devDomainSchema,
});

/** The contracts that exist only when the developer tools are on. */
export const developerContracts = [cliLatestTag, cliLatestRelease, cliGetDomain, cliSetDomain];
