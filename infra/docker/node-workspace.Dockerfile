# syntax=docker/dockerfile:1
# The image of every Node workspace that runs a process: the five services, the gateway and the
# provider sandbox (the web app is nginx: web/Dockerfile). Which workspace is a build argument.
# Built from the repository root, because it needs the npm workspace:
#   docker build -f infra/docker/node-workspace.Dockerfile \
#     --build-arg WORKSPACE_DIR=services/billing --build-arg WORKSPACE_NAME=@multimfa/billing \
#     -t multimfa/billing .
# The arguments of each image are in docker-compose.yml (build.args) and infra/README.md:
#   WORKSPACE_DIR    the workspace folder, e.g. services/billing (required)
#   WORKSPACE_NAME   its npm workspace name, e.g. @multimfa/billing (required)
#   HOST_VARIABLE    the variable the process reads its interface from (HOST; the sandbox: SANDBOX_HOST)
#   PORT_VARIABLE    the variable it reads its port from (PORT; the sandbox: SANDBOX_PORT)
#   LISTEN_PORT      that port (8080; the sandbox: 24090)
# Behind a TLS-inspecting proxy, give its CA to the npm installs as a build secret (optional):
#   --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt
# Runs `node dist/main.js` as an unprivileged user on every interface, on LISTEN_PORT; Node itself
# is PID 1, so SIGTERM reaches the process's own drain-then-close shutdown.
#
# The `manifests` and `build` stages take no argument and are the same text in web/Dockerfile, so
# every image of the product shares one install and one compile (infra/README.md, "Images").

ARG NODE_IMAGE=node:24.21.0-bookworm-slim
ARG NGINX_IMAGE=nginx:1.30.6-alpine

# The lock file, the patches and every workspace's package.json, alone: the install layers below
# stay cached until one of them changes, whatever else changes in the repository.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
  && cp -R package-lock.json patches /manifests/ \
  && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

# Every dependency (TypeScript included, the kafkajs patch applied by the root postinstall), the
# sources, then one compile of every workspace that runs. /out keeps only the compiled code, without
# tests. Nothing here depends on a build argument: all images share these layers.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=secret,id=ca,required=false --mount=type=cache,id=multimfa-npm,target=/root/.npm,sharing=locked \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca npm_config_cafile=/run/secrets/ca; fi \
  && npm ci --no-audit --no-fund --update-notifier=false --loglevel=error
COPY . .
RUN npx tsc -b packages/* services/* gateway infra/provider-sandbox \
  && for dist in packages/*/dist services/*/dist gateway/dist infra/provider-sandbox/dist; do \
       mkdir -p "/out/$(dirname "$dist")" && cp -R "$dist" "/out/$dist"; \
     done \
  && find /out \( -name '*.spec.*' -o -name '*.int-spec.*' -o -name '*.stack-spec.*' -o -name '*.fault-spec.*' -o -name '*.e2e.*' \
       -o -name '*.tsbuildinfo' \) -delete

# The production dependencies of this workspace only, and the compiled code of it and of the
# workspace packages it depends on. Pruned from the build stage's install rather than installed
# again: no second download, and the packages patched by patches/ stay patched.
FROM build AS production-dependencies
ARG WORKSPACE_DIR
ARG WORKSPACE_NAME
# Both arguments are required and must name the same workspace.
RUN if [ -z "$WORKSPACE_DIR" ] || [ -z "$WORKSPACE_NAME" ]; then \
      echo 'Build with --build-arg WORKSPACE_DIR=<folder> --build-arg WORKSPACE_NAME=<npm name> (infra/README.md)' >&2; \
      exit 1; \
    fi \
  && if [ ! -f "$WORKSPACE_DIR/package.json" ]; then \
       echo "WORKSPACE_DIR=$WORKSPACE_DIR is not a workspace folder (no package.json)" >&2; \
       exit 1; \
     fi \
  && actual="$(node -p "require('./$WORKSPACE_DIR/package.json').name")" \
  && if [ "$actual" != "$WORKSPACE_NAME" ]; then \
       echo "WORKSPACE_DIR=$WORKSPACE_DIR is the workspace $actual, not WORKSPACE_NAME=$WORKSPACE_NAME" >&2; \
       exit 1; \
     fi
# The workspace and the workspaces it depends on at run time, alone (infra/docker/workspace-closure.mjs
# says why), then every package none of them needs in production removed; /image is what runs.
RUN node infra/docker/workspace-closure.mjs "$WORKSPACE_DIR" > /tmp/kept \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund --update-notifier=false --loglevel=error \
  && mkdir /image \
  && cp -R package.json node_modules /image/ \
  && for dir in $(cat /tmp/kept); do \
       mkdir -p "/image/$dir" && cp "$dir/package.json" "/image/$dir/" && cp -R "/out/$dir/dist" "/image/$dir/"; \
       if [ -d "$dir/node_modules" ]; then cp -R "$dir/node_modules" "/image/$dir/"; fi; \
     done

# What runs: Node, the production node_modules and the compiled code, all owned by root and
# read-only to the process. The process reads its address from HOST_VARIABLE and PORT_VARIABLE
# (HOST and PORT; the sandbox SANDBOX_HOST and SANDBOX_PORT); the HEALTHCHECK, which Docker does
# not substitute, finds the port through HEALTHCHECK_PORT_VARIABLE, at run time, so it follows a
# port set with `docker run -e`.
FROM ${NODE_IMAGE} AS runtime
ARG WORKSPACE_DIR
ARG HOST_VARIABLE=HOST
ARG PORT_VARIABLE=PORT
ARG LISTEN_PORT=8080
ENV NODE_ENV=production ${HOST_VARIABLE}=0.0.0.0 ${PORT_VARIABLE}=${LISTEN_PORT} HEALTHCHECK_PORT_VARIABLE=${PORT_VARIABLE}
WORKDIR /app
COPY --from=production-dependencies /image/ ./
WORKDIR /app/${WORKSPACE_DIR}
USER 1000:1000
EXPOSE ${LISTEN_PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env[process.env.HEALTHCHECK_PORT_VARIABLE] + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
