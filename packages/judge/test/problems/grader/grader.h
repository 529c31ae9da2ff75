// The function the contestant implements: the sum of the values.
#pragma once
#include <vector>
long long total(const std::vector<long long> &values);
