#!/bin/sh
# The official nginx image's templates: each /etc/nginx/templates/NAME.template becomes /etc/nginx/conf.d/NAME
# with the environment's variables filled in (only those set, so nginx's own $variables stay).
set -eu
defined=$(env | cut -d= -f1 | sed 's/^/$/' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  output="/etc/nginx/conf.d/$(basename "$template" .template)"
  envsubst "$defined" < "$template" > "$output"
  echo "nginx: $template -> $output"
done
exec "$@"
