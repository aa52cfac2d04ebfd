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
# Runs `node dist/main.js` as an unprivileged user on every interface, on LISTEN_PORT; Node itself
# is PID 1, so SIGTERM reaches the process's own drain-then-close shutdown.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# The lock file and every workspace's package.json, alone: the install layers below stay cached
# until one of them changes, whatever else changes in the repository.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
  && cp package-lock.json /manifests/ \
  && find . -name package.json -exec cp --parents {} /manifests/ \;

# Every dependency (TypeScript included), the sources, then the build of this workspace and of
# the workspace packages it references. /out keeps only the compiled code, without tests.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
# npm install, not npm ci: with the lock file it installs exactly the locked versions, and it also
# fetches this platform's optional binaries, which the lock may lack (see scripts/node24.sh).
# The workspace's arguments come after it: this layer is the same for every image, built once.
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
ARG WORKSPACE_DIR
ARG WORKSPACE_NAME
# Both arguments are required and must name the same workspace.
RUN if [ -z "$WORKSPACE_DIR" ] || [ -z "$WORKSPACE_NAME" ]; then \
      echo 'Build with --build-arg WORKSPACE_DIR=<folder> --build-arg WORKSPACE_NAME=<npm name> (infra/README.md)' >&2; \
      exit 1; \
    fi \
  && actual="$(node -p "require('./$WORKSPACE_DIR/package.json').name")" \
  && if [ "$actual" != "$WORKSPACE_NAME" ]; then \
       echo "WORKSPACE_DIR=$WORKSPACE_DIR is the workspace $actual, not WORKSPACE_NAME=$WORKSPACE_NAME" >&2; \
       exit 1; \
     fi
RUN npx tsc -b ${WORKSPACE_DIR} \
  && for workspace in packages/* ${WORKSPACE_DIR}; do \
       if [ -d "$workspace/dist" ]; then mkdir -p "/out/$workspace" && cp -R "$workspace/dist" "/out/$workspace/"; fi; \
     done \
  && find /out \( -name '*.spec.*' -o -name '*.int-spec.*' -o -name '*.e2e.*' \) -delete

# The production dependencies of this workspace only.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY --from=manifests /manifests/ ./
ARG WORKSPACE_NAME
RUN npm install --omit=dev --workspace=${WORKSPACE_NAME} --no-audit --no-fund --loglevel=error \
  && npm cache clean --force

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
COPY --from=production-dependencies /app/ ./
COPY --from=build /out/ ./
WORKDIR /app/${WORKSPACE_DIR}
USER 1000:1000
EXPOSE ${LISTEN_PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env[process.env.HEALTHCHECK_PORT_VARIABLE] + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
