import { Controller, Get } from '@nestjs/common';
import { PublicRoute } from '../access/serves.decorator.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document.js';

@Controller('api/docs')
export class OpenApiController {
  private readonly document = buildOpenApiDocument();

  /** The OpenAPI 3.1 document of /api (public: it describes the public contract). */
  @Get()
  @PublicRoute()
  serve(): OpenApiDocument {
    return this.document;
  }
}
