import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import accepts from 'accepts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicRoute } from '../access/serves.decorator.js';
import { API_DOCS_CSP, API_DOCS_PAGE } from './api-docs.page.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document.js';

/** Redoc's browser bundle, served from this origin (no CDN): the page's one script. */
export const REDOC_BUNDLE = redocBundle();

/**
 * The bundle as published, less the one thing it loads from elsewhere: the "API docs by Redocly"
 * link's logo, fetched from Redocly's CDN whatever the options say (Redoc 2.5 has no setting for
 * it). Without its address the image fails at once and Redoc hides it; the link stays. An upgrade
 * that moves the address stops the gateway here rather than send visitors' addresses to the CDN.
 */
function redocBundle(): string {
  const logo = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
    'utf8',
  );
  if (!bundle.includes(logo)) throw new Error(`redoc's bundle no longer holds ${logo}: check what it loads`);
  return bundle.replaceAll(logo, '""');
}

@Controller('api')
export class OpenApiController {
  private readonly document = buildOpenApiDocument();

  /** The OpenAPI 3.1 document of /api (public: it describes the public contract). */
  @Get('openapi.json')
  @PublicRoute()
  serve(): OpenApiDocument {
    return this.document;
  }

  /**
   * The API reference: Redoc rendering /api/openapi.json for a browser; the document itself for a
   * client that prefers JSON (curl, fetch: what this address answered before it had a page).
   */
  @Get('docs')
  @PublicRoute()
  page(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    reply.header('Vary', 'Accept');
    if (accepts(req.raw).type(['json', 'html']) !== 'html') {
      void reply.send(this.document);
      return;
    }
    reply.header('Content-Security-Policy', API_DOCS_CSP);
    void reply.type('text/html; charset=utf-8').send(API_DOCS_PAGE);
  }

  @Get('docs/redoc.standalone.js')
  @PublicRoute()
  @Header('Cache-Control', 'public, max-age=3600')
  bundle(@Res() reply: FastifyReply): void {
    void reply.type('text/javascript; charset=utf-8').send(REDOC_BUNDLE);
  }
}
