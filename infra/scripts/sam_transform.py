"""Prints template.yaml as CloudFormation sees it after the SAM transform (JSON).

`sam validate --lint` lints the template before SAM adds its own resources and
references (roles, permissions, event source mappings, an HttpApi's integrations), so
it cannot see, e.g., a circular dependency that SAM's additions create. This runs
SAM's translator offline (no AWS call: the managed-policy loader is a stub, the region
a dummy) so cfn-lint can check the result.

    python infra/scripts/sam_transform.py template.yaml > transformed.json
"""

import json
import os
import sys

os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-1")

from samtranslator.translator.transform import transform  # noqa: E402
from samtranslator.yaml_helper import yaml_parse  # noqa: E402


class NoManagedPolicies:
    """Policies given by name would need IAM's list; the template uses none."""

    def load(self):
        return {}


with open(sys.argv[1]) as f:
    template = yaml_parse(f.read())
# `sam build` replaces local CodeUri (`.`) with the built artifact; stand in for it.
for resource in template.get("Resources", {}).values():
    if resource.get("Type") == "AWS::Serverless::Function":
        props = resource.setdefault("Properties", {})
        if props.get("PackageType") == "Image":
            # ...and an image function's Dockerfile with the image it pushed.
            props.setdefault("ImageUri", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/built:media-worker")
            continue
        if isinstance(props.get("CodeUri", "."), str) and not props.get("CodeUri", ".").startswith("s3://"):
            props["CodeUri"] = "s3://built-artifacts/function.zip"
json.dump(transform(template, {}, NoManagedPolicies()), sys.stdout, indent=1)
