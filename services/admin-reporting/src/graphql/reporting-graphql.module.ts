import { Module } from '@nestjs/common';
import { type GqlModuleOptions, GraphQLModule } from '@nestjs/graphql';
import { ReportsModule } from '../reports/reports.module.js';
import { GraphqlController } from './graphql.controller.js';
import { LogsResolver } from './logs.resolver.js';
import { MultiMfaResolver } from './multi-mfa.resolver.js';
import { ReportingGraphqlService } from './reporting-graphql.service.js';
import { ReportsResolver } from './reports.resolver.js';
import { SchemaOnlyDriver } from './schema-only.driver.js';

/** GraphQL (code-first) over the same reports as the REST calls. */
@Module({
  imports: [
    ReportsModule,
    GraphQLModule.forRoot<GqlModuleOptions>({
      driver: SchemaOnlyDriver,
      autoSchemaFile: true,
      sortSchema: true,
    }),
  ],
  controllers: [GraphqlController],
  providers: [LogsResolver, ReportsResolver, MultiMfaResolver, ReportingGraphqlService],
})
export class ReportingGraphqlModule {}
