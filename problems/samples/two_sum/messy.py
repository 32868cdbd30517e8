def two_sum(numbers, target):
    d = {}
    if len(numbers) < 2:
        if len(numbers) == 1:
            target - numbers[0]
        return None
    if len(numbers) == 2:
        if numbers[0] + numbers[1] == target:
            return (0, 1)
        else:
            return None
    for i, x in enumerate(numbers):
        y = target - x
        if y in d:
            j = d[y]
            if j < i:
                return (j, i)
            else:
                if j == i:
                    continue
                else:
                    return (i, j)
        if x not in d:
            d[x] = i
    if len(d) > 0:
        if len(d) == len(numbers):
            return None
        else:
            if len(d) < len(numbers):
                return None
            else:
                return None
    return None
