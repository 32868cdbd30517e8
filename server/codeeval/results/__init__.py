"""What an evaluation produces: EvaluationResult and DimensionResult (`result`), each dimension's details as
typed records (docs/result-format.md lists their JSON keys), the tiers' verdicts and the overall score.

A dimension builds its details record; the reports, the editor's hover and the tier
verdicts read it by attribute. `result.DetailRecord.to_dict` is the one place a
record becomes JSON: its fields, in order, are the report's keys.
"""
