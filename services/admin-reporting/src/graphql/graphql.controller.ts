import {
  type GraphqlRequest,
  type GraphqlResponse,
  graphqlRequest,
} from '@multimfa/service-contracts/admin-reporting';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ReportingGraphqlService } from './reporting-graphql.service.js';

const request = new ZodPipe(graphqlRequest);

/** GraphQL over the read models for the gateway (which has checked the caller is an administrator). */
@Controller()
export class GraphqlController {
  constructor(@Inject(ReportingGraphqlService) private readonly graphql: ReportingGraphqlService) {}

  @Post('graphql')
  @HttpCode(200)
  run(@Body(request) body: GraphqlRequest): Promise<GraphqlResponse> {
    return this.graphql.run(body);
  }
}
